import { useState } from 'react';

/**
 * Which question one ConfirmDialog asks, for screens that ask more than one (save or reset, delete or reset).
 * `asked` is the open question or null; `shown` stays on the last question while the dialog fades out, so its
 * text does not turn into the other question's on the way out (a closing "Save?" dialog read as "Reset?").
 */
export function useConfirmation<Kind extends string>() {
  const [state, setState] = useState<{ asked: Kind | null; shown: Kind | null }>({ asked: null, shown: null });
  return {
    asked: state.asked,
    shown: state.shown,
    ask: (kind: Kind) => setState({ asked: kind, shown: kind }),
    close: () => setState((current) => ({ ...current, asked: null })),
  };
}
