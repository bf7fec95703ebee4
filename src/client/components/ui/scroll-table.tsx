/**
 * A data table in its own scroll region: focusable (tabIndex 0, role="region" named
 * by `label`) so keyboard users can scroll it sideways. Under 640 px the rows show as
 * stacked cards (CSS in styles.css, `.scroll-table`): each cell's `data-label` names it,
 * and the action column stays on screen.
 */
import type { ReactNode } from 'react';

export interface ScrollTableColumn {
  /** The column's name (read by screen readers, and the cards' labels come from the cells' data-label). */
  label: string;
  /** Shown instead of the label (e.g. "#"); the label stays for screen readers. */
  short?: string;
  /** Only screen readers get the header (e.g. the picture column). */
  srOnly?: boolean;
}

export interface ScrollTableProps {
  /** Names the scroll region. */
  label: string;
  /** The table's caption; `captionVisible` shows it above the header, else it is for screen readers. */
  caption: ReactNode;
  captionVisible?: boolean;
  columns: ScrollTableColumn[];
  /** The table's minimum width from 640 px on, a full class name such as `sm:min-w-[52rem]`. */
  minWidthClass: string;
  /** A line above the region on mid-size screens, e.g. that the table scrolls sideways. */
  hint?: ReactNode;
  /** The rows (`<tr>`s with `<td data-label>` cells). */
  children: ReactNode;
}

// A little narrower on wide screens: the dashboard's column fits a nine-column table without scrolling.
const cellClass = 'px-3 py-3 lg:px-2.5';

export function ScrollTable({
  label,
  caption,
  captionVisible = false,
  columns,
  minWidthClass,
  hint,
  children,
}: ScrollTableProps) {
  return (
    <>
      {hint && <p className="mb-2 hidden text-sm text-gray-700 sm:block lg:hidden">{hint}</p>}
      <div
        role="region"
        aria-label={label}
        tabIndex={0}
        className="scroll-table overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-rose-700"
      >
        <table className={`w-full text-left ${minWidthClass}`}>
          <caption className={captionVisible ? 'px-3 py-3 text-left text-sm text-gray-700' : 'sr-only'}>
            {caption}
          </caption>
          <thead className="bg-gray-50 text-sm uppercase tracking-wide text-gray-800">
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={cellClass}>
                  {column.short ? (
                    <>
                      <span className="sr-only">{column.label}</span>
                      <span aria-hidden="true">{column.short}</span>
                    </>
                  ) : column.srOnly ? (
                    <span className="sr-only">{column.label}</span>
                  ) : (
                    column.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </>
  );
}

/**
 * A thumbnail cell: at least 64 px wide, so the auto table layout cannot squeeze the
 * picture (an image under `max-width: 100%` has no minimum width of its own).
 */
export function PictureCell({
  src,
  width,
  height,
  eager = false,
}: {
  src: string;
  width: number;
  height: number;
  eager?: boolean;
}) {
  return (
    <td className="scroll-table-picture min-w-16 px-3 py-2 lg:px-2.5">
      <img
        src={src}
        alt=""
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="h-12 w-16 min-w-16 max-w-none rounded-md bg-gray-100 object-cover"
      />
    </td>
  );
}
