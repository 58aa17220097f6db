import type en from '../i18n/en.json';

/** A page title: a key under `pages` in the language files. */
export type PageTitleKey = keyof typeof en.translation.pages;
