import { useState } from 'react';
import { errorMessage } from '../api/request-error';
import { toast } from '../toasts/toast-store';
import { i18n, useMessages } from './i18n';
import { chooseLanguage, useLocale } from './language';
import { LANGUAGE_NAMES, LANGUAGE_SHORT_NAMES, LOCALES, type Locale } from './locale';
import './language-switch.css';

const messages = i18n('shared/language-switch', {
  label: 'Language',
  failed: 'The language could not be loaded. Please try again.',
});

/**
 * English or Hindi, each named in itself: the player's choice is shown at once, with no
 * reload, and kept on this device.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useMessages(messages);
  const locale = useLocale();
  const [pending, setPending] = useState<Locale | null>(null);

  const choose = (next: Locale) => {
    if (next === locale || pending) return;
    setPending(next);
    chooseLanguage(next)
      .catch((error: unknown) => toast.error(errorMessage(error, t.failed)))
      .finally(() => setPending(null));
  };

  return (
    <div
      role="group"
      aria-label={t.label}
      aria-busy={pending !== null}
      className={className ? `language-switch ${className}` : 'language-switch'}
    >
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="language-switch__option"
          aria-pressed={option === locale}
          onClick={() => choose(option)}
        >
          {/* A phone's header shows the short name; the whole name is the button's name. */}
          <span className="language-switch__short" aria-hidden="true">
            {LANGUAGE_SHORT_NAMES[option]}
          </span>
          <span className="language-switch__name">{LANGUAGE_NAMES[option]}</span>
        </button>
      ))}
    </div>
  );
}
