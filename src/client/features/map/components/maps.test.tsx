// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchMap } from './maps';

describe('the results map without WebGL', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws no map and says the list has every home', () => {
    // A browser with WebGL turned off answers null for a WebGL context (jsdom has none either).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(
      <SearchMap
        homes={[]}
        bbox={null}
        fitKey={null}
        activeId={null}
        onActive={() => {}}
        onOpen={() => {}}
        onMoved={() => {}}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe(
      'The map needs WebGL, which this browser has turned off. The list shows every home.',
    );
    expect(screen.queryByText('Loading the map…')).toBeNull();
  });
});
