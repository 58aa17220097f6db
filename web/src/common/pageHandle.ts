import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { PageTitleKey } from './pageTitles';

/** Route `handle` of every page: its title (a key under `pages` in the language files) and options. */
export interface PageHandle {
  title: PageTitleKey;
  /** false hides the breadcrumbs (the KPN Things page has none). */
  breadcrumbs?: boolean;
}

export const isPageHandle = (handle: unknown): handle is PageHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';

/** The handle of the deepest matched route that has one. */
export function usePageHandle(): PageHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return handle;
  }
  return undefined;
}

export function usePageTitle(): string {
  const { t } = useTranslation();
  const handle = usePageHandle();
  return handle ? t(`pages.${handle.title}`) : '';
}

/** Keeps the browser tab title in step with the page title. */
export function useDocumentTitle() {
  const { t } = useTranslation();
  const title = usePageTitle();
  const product = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
