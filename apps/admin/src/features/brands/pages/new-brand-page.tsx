import { createBrandRoute } from '@backlay/contract/admin-calls';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  errorAt,
  requestErrorsByPath,
  serverFieldErrors,
  type FieldErrors,
} from '../../../shared/forms/request-errors';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { TextAreaField, TextField } from '../../../shared/ui/fields';
import { ErrorNotice } from '../../../shared/ui/notice';
import { PageHeader, Section } from '../../../shared/ui/page-header';
import { useCreateBrand } from '../api/create-brand';
import { ColourField } from '../components/colour-field';
import { FieldErrorsNotice } from '../../../shared/ui/save-feedback';
import { SwitchField } from '../../../shared/ui/switch-field';
import { SPORT_SWITCHES } from '../model/brand-draft';
import { ThemeField } from '../components/theme-field';
import { NEW_BRAND_FIELDS, newBrandRequest, type NewBrandFields } from '../model/new-brand';
import type { BrandPageState } from './brand-page';
import '../components/brands.css';

/**
 * `/admin/brands/new`: a new brand from its hostname, title, look and sports; everything else
 * starts from working defaults and is edited on the brand's page, which opens once it exists.
 */
export default function NewBrandPage() {
  const navigate = useNavigate();
  const create = useCreateBrand();
  const [fields, setFields] = useState<NewBrandFields>(NEW_BRAND_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const set = (next: Partial<NewBrandFields>) => setFields((old) => ({ ...old, ...next }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const input = newBrandRequest(fields);
    const found = requestErrorsByPath(createBrandRoute, input) ?? {};
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const brand = await create.mutateAsync(input);
      const state: BrandPageState = { created: true };
      await navigate(paths.brand.getHref(brand.domain), { state });
    } catch (error) {
      setFailure(error);
      setErrors(serverFieldErrors(error) ?? {});
    }
  };

  return (
    <>
      <PageHeader title="New brand" actions={<Link to={paths.brands.path}>All brands</Link>} />
      <form
        className="stack brand-new"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="New brand"
      >
        <div className="brand-form">
          <Section title="Brand">
            <TextField
              label="Domain"
              hint="The brand’s hostname, such as example.com: no https:// and no path."
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              value={fields.domain}
              onChange={(event) => set({ domain: event.target.value })}
              error={errorAt(errors, 'domain') ?? errorAt(errors, 'settings.setting.domain')}
            />
            <TextField
              label="Title"
              hint="The name players see in the browser tab."
              value={fields.title}
              onChange={(event) => set({ title: event.target.value })}
              error={errorAt(errors, 'settings.setting.domainTitle')}
            />
            <TextAreaField
              label="Aliases"
              hint="Other hostnames served as this brand, one a line or separated by commas."
              rows={2}
              spellCheck={false}
              value={fields.aliasesText}
              onChange={(event) => set({ aliasesText: event.target.value })}
              error={errorAt(errors, 'entry.aliases')}
            />
          </Section>
          <Section title="Look">
            <ThemeField
              value={fields.theme}
              error={errorAt(errors, 'entry.theme')}
              onChange={(theme) => set({ theme })}
            />
            <ColourField
              label="Body background colour"
              value={fields.bodyBgColor}
              onChange={(bodyBgColor) => set({ bodyBgColor })}
              error={errorAt(errors, 'settings.setting.bodyBgColor')}
            />
            <p className="field__hint">
              The brand starts with the default logo; upload its own on the brand’s page.
            </p>
          </Section>
          <Section title="Landing">
            <SwitchField
              label="Casino only"
              hint="The landing opens the crash game in the lobby."
              checked={fields.casinoOnly}
              onChange={(event) => set({ casinoOnly: event.target.checked })}
            />
            <SwitchField
              label="Index landing"
              hint="The landing is /index, open to guests."
              checked={fields.indexLanding}
              onChange={(event) => set({ indexLanding: event.target.checked })}
            />
          </Section>
          <Section title="Sports">
            <div className="switch-group" role="group" aria-label="Sports">
              {SPORT_SWITCHES.map(({ key, name }) => (
                <SwitchField
                  key={key}
                  label={name}
                  checked={fields.sports[key]}
                  onChange={(event) =>
                    set({ sports: { ...fields.sports, [key]: event.target.checked } })
                  }
                />
              ))}
            </div>
          </Section>
        </div>
        <p className="muted">
          The brand takes the platform’s betting rules, shows the deposit button and has no TV or
          support links until you change them on its page.
        </p>
        {failure ? <ErrorNotice error={failure} /> : <FieldErrorsNotice errors={errors} />}
        <div className="form-actions">
          <Button type="submit" variant="primary" busy={create.isPending}>
            Create brand
          </Button>
        </div>
      </form>
    </>
  );
}
