import type { Transaction } from '@backlay/contract/wallet';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { ANY_DATE, dayRange, type DateRange } from '../../../shared/dates/day-range';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { CursorPager } from '../../../shared/ui/pager';
import { StateMessage } from '../../../shared/ui/state-message';
import { useTransactionHistory, type TransactionType } from '../api/transaction-history';
import { StatementFilters } from '../components/statement-filters';
import { StatementTable } from '../components/statement-table';
import { TransactionDetailDialog } from '../components/transaction-detail-dialog';
import { useCursorPages } from '../model/cursor-pages';
import { setStatementHoldsShown, useStatementHoldsShown } from '../model/statement-holds';
import '../components/account-pages.css';
import '../components/bets.css';

const messages = i18n('account/statement-page', {
  lead: 'Every credit and debit on your account, with your balance after each.',
  statement: 'Account statement',
  loading: 'Loading your statement…',
  failed: params('Your statement could not be loaded: {error}'),
  pages: 'Statement pages',
});

/**
 * Every credit and debit of the player's balance (the header's: cash + exposure), newest first,
 * with the balance after each: filtered by kind and dates, bets' holds and releases folded away
 * unless the player shows them (remembered on the device), paged by cursor, each row opening its
 * detail.
 */
export default function AccountStatementPage() {
  const t = useMessages(messages);
  const [type, setType] = useState<TransactionType | null>(null);
  const [range, setRange] = useState<DateRange>(ANY_DATE);
  const [open, setOpen] = useState<Transaction | null>(null);
  const holdsShown = useStatementHoldsShown();
  const pages = useCursorPages();
  const days = dayRange(range);
  const history = useTransactionHistory(
    {
      ...(type ? { type } : {}),
      holds: holdsShown ? 'SHOW' : 'HIDE',
      ...(days.ok ? { from: days.from, to: days.to } : {}),
      ...(pages.cursor ? { cursor: pages.cursor } : {}),
    },
    days.ok,
  );
  const data = history.data;

  return (
    <Page lead={t.lead}>
      <section className="account-section" aria-label={t.statement}>
        <StatementFilters
          type={type}
          onType={(next) => {
            setType(next);
            pages.reset();
          }}
          range={range}
          onRange={(next) => {
            setRange(next);
            pages.reset();
          }}
          holdsShown={holdsShown}
          onHoldsShown={(shown) => {
            setStatementHoldsShown(shown);
            pages.reset();
          }}
        />
        {!days.ok ? (
          <StateMessage kind="error">{days.message}</StateMessage>
        ) : history.isPending ? (
          <StateMessage kind="loading">{t.loading}</StateMessage>
        ) : data === undefined ? (
          <StateMessage kind="error">
            {t.failed({ error: errorMessage(history.error) })}
          </StateMessage>
        ) : (
          <>
            <StatementTable
              items={data.items}
              busy={history.isFetching}
              onOpen={(id) => setOpen(data.items.find((tx) => tx.id === id) ?? null)}
            />
            <CursorPager
              label={t.pages}
              page={pages.page}
              hasNext={data.nextCursor !== null}
              busy={history.isPlaceholderData}
              onPrevious={pages.previous}
              onNext={() => {
                if (data.nextCursor !== null) pages.next(data.nextCursor);
              }}
            />
          </>
        )}
      </section>
      {open ? (
        <TransactionDetailDialog
          id={open.id}
          title={open.description}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Page>
  );
}
