import type { ReactNode } from 'react';
import { useSession } from './useSession';

/** Renders its children only when the user holds any of the permissions or roles in `anyOf`. */
export function ShowIfAny({ anyOf, children }: { anyOf: readonly string[]; children: ReactNode }) {
  const { hasAny } = useSession();
  return hasAny(anyOf) ? children : null;
}
