import { ROLE_PERMISSIONS, ROLES, type Operator, type Role } from '@backlay/contract/admin';
import { createOperatorRoute, updateOperatorRoute } from '@backlay/contract/admin-calls';
import { useState } from 'react';
import type { AdminResult } from '../../../shared/api/call-admin';
import { requestErrors } from '../../../shared/forms/request-errors';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { CheckboxField, SelectField, TextField } from '../../../shared/ui/fields';
import { useCreateOperator } from '../api/create-operator';
import { useUpdateOperator } from '../api/update-operator';
import { PERMISSION_LABELS } from '../model/permission-labels';
import { BrandPicker, toBrandScope, type BrandChoice } from './brand-picker';

export type EnrolmentLink = AdminResult<typeof createOperatorRoute>;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role.replace('_', ' ') }));

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The role chooser, with what the chosen role may do under it. */
function RoleField({
  role,
  onChange,
  error,
}: {
  role: Role;
  onChange: (role: Role) => void;
  error: string | undefined;
}) {
  return (
    <>
      <SelectField
        label="Role"
        value={role}
        options={ROLE_OPTIONS}
        onChange={(event) => {
          if (isRole(event.target.value)) onChange(event.target.value);
        }}
        error={error}
      />
      <ul className="role-grants" aria-label="This role may">
        {ROLE_PERMISSIONS[role].map((permission) => (
          <li key={permission}>{PERMISSION_LABELS[permission]}</li>
        ))}
      </ul>
      {ROLE_PERMISSIONS[role].includes('markets.trade') ? (
        <p className="field__hint">
          Markets are shared by every brand: to act on them this role needs all brands.
        </p>
      ) : null}
    </>
  );
}

/** Creates an operator; the enrolment link it answers is handed to `onCreated`. */
export function CreateOperatorDialog({
  onCreated,
  onClose,
}: {
  onCreated: (link: EnrolmentLink) => void;
  onClose: () => void;
}) {
  const create = useCreateOperator();
  const [userName, setUserName] = useState('');
  const [role, setRole] = useState<Role>('support');
  const [brands, setBrands] = useState<BrandChoice>([]);
  const input = () => ({ userName, role, brands: toBrandScope(brands) });

  return (
    <ConfirmDialog
      title="New operator"
      description={
        <p className="muted">
          The operator sets their own password and authenticator app from the enrolment link you get
          next.
        </p>
      }
      confirmLabel="Create operator"
      askReason={false}
      renderFields={(errors) => (
        <>
          <TextField
            label="User name"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            value={userName}
            onChange={(event) => setUserName(event.target.value)}
            error={errors.userName}
            data-autofocus
          />
          <RoleField role={role} onChange={setRole} error={errors.role} />
          <BrandPicker value={brands} onChange={setBrands} error={errors.brands} />
        </>
      )}
      validate={() => requestErrors(createOperatorRoute, input())}
      onConfirm={async () => onCreated(await create.mutateAsync(input()))}
      onClose={onClose}
    />
  );
}

/** Changes an operator's role, brands, or whether they may sign in at all. */
export function EditOperatorDialog({
  operator,
  onClose,
}: {
  operator: Operator;
  onClose: () => void;
}) {
  const update = useUpdateOperator();
  const [role, setRole] = useState<Role>(operator.role);
  const [brands, setBrands] = useState<BrandChoice>(
    operator.brands === 'all' ? 'all' : [...operator.brands],
  );
  const [disabled, setDisabled] = useState(operator.disabled);
  const input = () => ({
    operatorId: operator.id,
    role,
    brands: toBrandScope(brands),
    disabled,
  });

  return (
    <ConfirmDialog
      title={`Edit ${operator.userName}`}
      description={null}
      confirmLabel="Save"
      askReason={false}
      renderFields={(errors) => (
        <>
          <RoleField role={role} onChange={setRole} error={errors.role} />
          <BrandPicker value={brands} onChange={setBrands} error={errors.brands} />
          <CheckboxField
            label="Disabled: may not sign in"
            checked={disabled}
            onChange={(event) => setDisabled(event.target.checked)}
          />
        </>
      )}
      validate={() => requestErrors(updateOperatorRoute, input())}
      onConfirm={() => update.mutateAsync(input())}
      onClose={onClose}
    />
  );
}
