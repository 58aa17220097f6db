import type { LoanDayReport } from '@shared/schemas/loan-day';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { api } from '../api/apiClient';
import { cursorOfNext } from './loanDayAnswers';

/** Under the assets' key: a reset of an asset's days reads the report again. */
export const LOAN_DAYS_KEY = ['assets', 'loan-days'] as const;

/** The month before `now`'s month (YYYY-MM): what a planner invoices at the start of a month. */
export function previousMonth(now: Date): string {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}`;
}

/** The month's report in answers of ~5,000 loan days: the first, then each `next` when asked for. */
export const loanDaysQuery = (month: string, client: number | null) =>
  infiniteQueryOptions({
    queryKey: [...LOAN_DAYS_KEY, month, client],
    queryFn: ({ pageParam }) =>
      api.get<LoanDayReport>('/api/loan-days', {
        query: { month, ...(client ? { client } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: cursorOfNext,
    placeholderData: keepPreviousData,
  });
