import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './de';
import { en } from './en';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export function toLanguage(pref: string | null | undefined): Language {
  const short = (pref ?? '').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : 'en';
}

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem('measure.language');

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, de: { translation: de } },
  lng: toLanguage(stored ?? (typeof navigator === 'undefined' ? 'en' : navigator.language)),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function applyLanguage(pref: string | null | undefined): void {
  const language = toLanguage(pref);
  localStorage.setItem('measure.language', language);
  document.documentElement.lang = language;
  void i18next.changeLanguage(language);
}

export { i18next };
