// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TypingTitle } from './typing-title';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    onchange: null,
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

describe('TypingTitle', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    vi.useFakeTimers();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  const typed = () => container.querySelector('[data-testid="typed-text"]')?.textContent?.replace(/\u00a0/g, '') ?? '';

  it('types the text out over time', () => {
    mockReducedMotion(false);
    act(() => root.render(<TypingTitle text="Hello" speed={100} />));
    expect(typed()).toBe('');
    void act(() => vi.advanceTimersByTime(200));
    expect(typed()).toBe('He');
    void act(() => vi.advanceTimersByTime(1000));
    expect(typed()).toBe('Hello');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the full text at once under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    act(() => root.render(<TypingTitle text="Hello" speed={100} />));
    expect(typed()).toBe('Hello');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives assistive technology the whole heading from the start', () => {
    mockReducedMotion(false);
    act(() => root.render(<TypingTitle text="Find a stay" />));
    const heading = container.querySelector('h1');
    expect(heading?.getAttribute('aria-label')).toBe('Find a stay');
  });
});
