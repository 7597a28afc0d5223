import type { Operator } from '@backlay/contract/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { describeBrandScope } from '../../../shared/brands';
import { formatDateTime } from '../../../shared/format/dates';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { CopyField } from '../../../shared/ui/copy-field';
import { DataGrid, type GridColumn } from '../../../shared/ui/data-grid';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useOperators } from '../api/operators';
import { useResetEnrolment } from '../api/reset-enrolment';
import { useRevokeOperatorSessions } from '../api/revoke-operator-sessions';
import {
  CreateOperatorDialog,
  EditOperatorDialog,
  type EnrolmentLink,
} from '../components/operator-dialogs';
import '../components/operators.css';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; operator: Operator }
  | { kind: 'reset'; operator: Operator }
  | { kind: 'revoke'; operator: Operator };

type Outcome =
  | { kind: 'link'; link: EnrolmentLink; reset: boolean }
  | { kind: 'revoked'; userName: string; count: number };

/** The enrolment link to hand to an operator, with its expiry. */
function EnrolmentLinkNotice({ link, reset }: { link: EnrolmentLink; reset: boolean }) {
  const url = new URL(link.enrolmentPath, window.location.origin).href;
  return (
    <Notice
      tone="success"
      title={
        reset
          ? `New enrolment link for ${link.operator.userName}`
          : `${link.operator.userName} created`
      }
    >
      <p>
        Send this link to {link.operator.userName} over a channel you trust. It works once, until{' '}
        {formatDateTime(link.expiresAt)}, and is not shown again.
      </p>
      <div className="copy-notice">
        <CopyField label="Enrolment link" value={url} />
      </div>
    </Notice>
  );
}

/** `/admin/operators`: who may use the back office, with what role, on which brands. */
export default function OperatorsPage() {
  const operators = useOperators();
  const resetEnrolment = useResetEnrolment();
  const revokeSessions = useRevokeOperatorSessions();
  const [open, setOpen] = useState<Open | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const close = () => setOpen(null);

  const column = createColumnHelper<Operator>();
  const columns: GridColumn<Operator>[] = [
    column.accessor('userName', { header: 'User name' }),
    column.accessor('role', { header: 'Role', cell: (info) => info.getValue().replace('_', ' ') }),
    column.accessor('brands', {
      header: 'Brands',
      enableSorting: false,
      cell: (info) => {
        const brands = info.getValue();
        return (
          <span title={brands === 'all' ? undefined : brands.join(', ')}>
            {describeBrandScope(brands)}
          </span>
        );
      },
    }),
    column.display({
      id: 'state',
      header: 'State',
      cell: (info) => {
        const operator = info.row.original;
        return (
          <span className="flags">
            {operator.enrolled ? (
              <Badge tone="good">Enrolled</Badge>
            ) : (
              <Badge tone="warning">Awaiting enrolment</Badge>
            )}
            {operator.disabled ? <Badge tone="bad">Disabled</Badge> : null}
          </span>
        );
      },
    }),
    column.accessor('createdAt', {
      header: 'Created',
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('lastSignInAt', {
      header: 'Last sign-in',
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      enableHiding: false,
      cell: (info) => {
        const operator = info.row.original;
        return (
          <span className="row-actions">
            <Button size="small" onClick={() => setOpen({ kind: 'edit', operator })}>
              Edit
            </Button>
            <Button size="small" onClick={() => setOpen({ kind: 'reset', operator })}>
              Reset enrolment
            </Button>
            <Button size="small" onClick={() => setOpen({ kind: 'revoke', operator })}>
              Revoke sessions
            </Button>
          </span>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader
        title="Operators"
        actions={
          <Button variant="primary" onClick={() => setOpen({ kind: 'create' })}>
            New operator
          </Button>
        }
      />
      {outcome?.kind === 'link' ? (
        <EnrolmentLinkNotice link={outcome.link} reset={outcome.reset} />
      ) : null}
      {outcome?.kind === 'revoked' ? (
        <Notice tone="success">
          {outcome.count === 1
            ? `Ended 1 session of ${outcome.userName}.`
            : `Ended ${outcome.count} sessions of ${outcome.userName}.`}
        </Notice>
      ) : null}
      {operators.isPending ? (
        <Loading />
      ) : operators.isError ? (
        <ErrorNotice error={operators.error} onRetry={() => void operators.refetch()} />
      ) : (
        <DataGrid
          id="operators"
          label="Operators"
          data={operators.data.items}
          columns={columns}
          getRowId={(row) => row.id}
          initialSorting={[{ id: 'userName', desc: false }]}
          emptyText="No operators."
        />
      )}

      {open?.kind === 'create' ? (
        <CreateOperatorDialog
          onCreated={(link) => setOutcome({ kind: 'link', link, reset: false })}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'edit' ? (
        <EditOperatorDialog operator={open.operator} onClose={close} />
      ) : null}
      {open?.kind === 'reset' ? (
        <ConfirmDialog
          title="Reset enrolment"
          description={
            <p>
              <strong>{open.operator.userName}</strong>’s password and authenticator app stop
              working at once. You get a new enrolment link to send them.
            </p>
          }
          confirmLabel="Reset enrolment"
          tone="danger"
          askReason={false}
          onConfirm={async () => {
            const link = await resetEnrolment.mutateAsync({ operatorId: open.operator.id });
            setOutcome({ kind: 'link', link, reset: true });
          }}
          onClose={close}
        />
      ) : null}
      {open?.kind === 'revoke' ? (
        <ConfirmDialog
          title="Revoke sessions"
          description={
            <p>
              Every session of <strong>{open.operator.userName}</strong> ends now; they have to sign
              in again.
            </p>
          }
          confirmLabel="Revoke sessions"
          tone="danger"
          askReason={false}
          onConfirm={async () => {
            const { revoked } = await revokeSessions.mutateAsync({ operatorId: open.operator.id });
            setOutcome({ kind: 'revoked', userName: open.operator.userName, count: revoked });
          }}
          onClose={close}
        />
      ) : null}
    </>
  );
}
