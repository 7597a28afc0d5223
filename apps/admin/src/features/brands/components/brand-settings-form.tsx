import { TEST_BRAND, type Brand } from '@backlay/contract/admin-brands';
import type { DomainSetting } from '@backlay/contract/domain-settings';
import { useState, type FormEvent } from 'react';
import { errorAt } from '../../../shared/forms/request-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { TextAreaField, TextField } from '../../../shared/ui/fields';
import { Section } from '../../../shared/ui/page-header';
import { documentOf, draftOf, SPORT_SWITCHES } from '../model/brand-draft';
import { ColourField } from './colour-field';
import { SaveFooter } from '../../../shared/ui/save-feedback';
import { SwitchField } from '../../../shared/ui/switch-field';
import { ThemeField } from './theme-field';
import { useBrandEditor } from './use-brand-editor';
import './brands.css';

type TextSetting = {
  [Key in keyof DomainSetting]: DomainSetting[Key] extends string ? Key : never;
}[keyof DomainSetting];

/**
 * The brand's settings tab: every field of its published settings file, live TV and its
 * place in the hostname registry, saved together as the brand's next version.
 */
export function BrandSettingsForm({ brand }: { brand: Brand }) {
  const editor = useBrandEditor(brand, draftOf);
  const { draft, setDraft, errors } = editor;
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  const isTestBrand = brand.domain === TEST_BRAND;

  const setSetting = <Key extends keyof DomainSetting>(key: Key, value: DomainSetting[Key]) =>
    setDraft((old) => ({ ...old, setting: { ...old.setting, [key]: value } }));
  const settingError = (key: keyof DomainSetting) => errorAt(errors, `settings.setting.${key}`);

  const text = (key: TextSetting, label: string, extra: { hint?: string; type?: string } = {}) => (
    <TextField
      label={label}
      value={draft.setting[key]}
      onChange={(event) => setSetting(key, event.target.value)}
      error={settingError(key)}
      autoComplete="off"
      spellCheck={false}
      {...extra}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void editor.save(documentOf(draft, editor.base));
  };

  // The dialog stays outside the form: its own form's submit would bubble to this one.
  return (
    <>
      <form className="stack" onSubmit={submit} noValidate aria-label="Brand settings">
        <div className="brand-form">
          <Section title="Site">
            <dl className="facts">
              <dt>Domain</dt>
              <dd className="mono">{draft.setting.domain}</dd>
            </dl>
            {text('domainTitle', 'Title', { hint: 'The name players see in the browser tab.' })}
            <TextAreaField
              label="Description"
              rows={3}
              value={draft.setting.description}
              onChange={(event) => setSetting('description', event.target.value)}
              error={settingError('description')}
            />
            {text('baseUrl', 'API base URL', { hint: 'Where the player client calls the API.' })}
            <SwitchField
              tone="danger"
              label="Site suspended"
              hint={
                draft.setting.siteSuspended
                  ? 'Closed: players can look, but nothing new can start.'
                  : 'Open to players.'
              }
              checked={draft.setting.siteSuspended}
              onChange={(event) => {
                if (event.target.checked) setConfirmSuspend(true);
                else setSetting('siteSuspended', false);
              }}
            />
          </Section>

          <Section title="Look">
            <ThemeField
              value={draft.theme}
              error={errorAt(errors, 'entry.theme')}
              onChange={(theme) => setDraft((old) => ({ ...old, theme }))}
            />
            <ColourField
              label="Body background colour"
              value={draft.setting.bodyBgColor}
              onChange={(value) => setSetting('bodyBgColor', value)}
              error={settingError('bodyBgColor')}
              hint="A hex colour such as #1b1f3b."
            />
            {text('mainLogo', 'Logo URL', { hint: 'Upload a new image under “Logo & favicon”.' })}
            {text('favicon', 'Favicon URL')}
          </Section>

          <Section title="Hosts and landing">
            {isTestBrand ? (
              <p className="field__hint">
                The brand of localhost, test and preview hosts: these settings matter little here.
              </p>
            ) : null}
            <TextAreaField
              label="Aliases"
              hint="Other hostnames served as this brand, one a line or separated by commas."
              rows={3}
              spellCheck={false}
              value={draft.aliasesText}
              onChange={(event) => setDraft((old) => ({ ...old, aliasesText: event.target.value }))}
              error={errorAt(errors, 'entry.aliases')}
            />
            <SwitchField
              label="Casino only"
              hint="The landing opens the crash game in the lobby."
              checked={draft.casinoOnly}
              onChange={(event) =>
                setDraft((old) => ({ ...old, casinoOnly: event.target.checked }))
              }
            />
            <SwitchField
              label="Index landing"
              hint="The landing is /index, open to guests."
              checked={draft.indexLanding}
              onChange={(event) =>
                setDraft((old) => ({ ...old, indexLanding: event.target.checked }))
              }
            />
          </Section>

          <Section title="Support and social">
            <SwitchField
              label="Show the support link"
              checked={draft.setting.showSupportLink}
              onChange={(event) => setSetting('showSupportLink', event.target.checked)}
            />
            {text('supportLink', 'Support link', { type: 'url' })}
            {text('telegramId', 'Telegram id')}
            {text('instagramId', 'Instagram id')}
          </Section>

          <Section title="Features">
            <SwitchField
              label="Show the deposit button"
              checked={draft.setting.showDepositW}
              onChange={(event) => setSetting('showDepositW', event.target.checked)}
            />
            <SwitchField
              label="Live TV"
              checked={draft.tvEnabled}
              onChange={(event) => setDraft((old) => ({ ...old, tvEnabled: event.target.checked }))}
            />
            <fieldset className="switch-group">
              <legend>Sports</legend>
              {SPORT_SWITCHES.map(({ key, name }) => (
                <SwitchField
                  key={key}
                  label={name}
                  checked={draft.setting[key]}
                  onChange={(event) => setSetting(key, event.target.checked)}
                />
              ))}
            </fieldset>
          </Section>
        </div>

        <SaveFooter editor={editor} errors={errors} what="this brand" submitLabel="Save settings" />
      </form>

      {confirmSuspend ? (
        <ConfirmDialog
          title="Suspend the site"
          description={
            <>
              <p>
                Once you save, <strong>{draft.setting.domain}</strong> closes to its players: they
                can still look, but nothing new can start on it, such as a bet.
              </p>
              <p className="muted">Nothing changes until you save the settings.</p>
            </>
          }
          confirmLabel="Suspend on save"
          tone="danger"
          askReason={false}
          onConfirm={async () => setSetting('siteSuspended', true)}
          onClose={() => setConfirmSuspend(false)}
        />
      ) : null}
    </>
  );
}
