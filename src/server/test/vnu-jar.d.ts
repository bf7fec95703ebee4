// vnu-jar ships no types: its one export is the path of the Nu Html Checker's vnu.jar.
declare module 'vnu-jar' {
  const vnuJar: string;
  export default vnuJar;
}
