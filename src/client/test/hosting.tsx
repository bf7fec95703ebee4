/** Helpers of the hosting screens' component tests (jsdom). */
import { act } from 'react';
import type { Home } from '#shared/schemas/homes';

export const HOST_EMAIL = 'host@example.com';
export const session = { session: {}, user: { id: 'h1', email: HOST_EMAIL, name: 'Hannah' } };

export const sampleHome = (id: string, extra: Partial<Home> = {}): Home => ({
  _id: id,
  title: `Sea view ${id}`,
  location: 'Lisbon',
  image: `/uploads/${'a'.repeat(32)}-1280.webp`,
  images: [`/uploads/${'a'.repeat(32)}-1280.webp`],
  price: 120.5,
  total_guest: 4,
  bedrooms: 2,
  bathrooms: 1,
  description: 'Bright flat.',
  from: '2026-06-01',
  to: '2026-09-30',
  hostEmail: HOST_EMAIL,
  email: HOST_EMAIL,
  ...extra,
});

export function setValue(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  act(() => {
    const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function chooseFiles(input: HTMLInputElement, files: File[]) {
  const list: Record<number, File> & {
    length: number;
    item: (i: number) => File | null;
    [Symbol.iterator]: () => Iterator<File>;
  } = {
    length: files.length,
    item: (i: number) => files[i] ?? null,
    [Symbol.iterator]: () => files[Symbol.iterator](),
  };
  files.forEach((file, i) => {
    list[i] = file;
  });
  Object.setPrototypeOf(list, FileList.prototype);
  Object.defineProperty(input, 'files', { configurable: true, get: () => list });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The input labelled `text` (the label's text, ignoring the required asterisk). */
export function field<T extends HTMLElement = HTMLInputElement>(container: ParentNode, text: string): T {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === text);
  const id = label?.getAttribute('for');
  const element = id ? document.getElementById(id) : null;
  if (!element) throw new Error(`No field labelled "${text}"`);
  return element as T;
}

export async function submitForm(container: ParentNode) {
  await act(async () => {
    container.querySelector('form')!.requestSubmit();
  });
}
