/**
 * A count with its noun: `plural(1, 'night')` -> "1 night", `plural(2, 'night')` -> "2 nights".
 * Irregular forms give the plural: `plural(n, 'file was', 'files were')`.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
