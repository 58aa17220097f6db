import type { KeyboardEvent } from 'react';

/**
 * A table row that opens a panel on click is also reached with Tab and opened with Enter or Space
 * (keyboard-reachable panels). Keys pressed on a control inside the row (a selection box) stay that control's.
 */
export function rowOpenProps(open: () => void) {
  return {
    tabIndex: 0,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      open();
    },
  };
}
