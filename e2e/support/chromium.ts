/** Flags for the system Chromium on a machine with no internet (see STACK-NOTES). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Software WebGL for MapLibre (issue 29): no GPU here, and Chromium no longer falls back to SwiftShader unasked.
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
];
