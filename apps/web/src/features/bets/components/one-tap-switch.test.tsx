import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { buildBet, logInPlayer } from '../../../shared/test/sports-fixtures';
import { toastStore } from '../../../shared/toasts/toast-store';
import { useBetSlip, type BetSelection } from '../model/bet-slip-store';
import { OneTapSwitch } from './one-tap-switch';

const switchNamed = (name: string) => screen.getByRole('switch', { name });
const toasts = () => toastStore.getState().toasts.map((t) => t.message);

/** A tapped price: back India at 1.85 on the match odds. */
function selection(): BetSelection {
  const bet = buildBet();
  return {
    eventId: bet.eventId,
    eventTitle: bet.eventName,
    marketId: bet.marketId,
    marketName: bet.marketName,
    marketType: 'MATCH_ODDS',
    runnerId: bet.runnerId,
    runnerName: bet.runnerName,
    side: bet.side,
    price: bet.price,
    line: null,
    inPlay: false,
    betDelaySeconds: 0,
    fillOrKill: false,
  };
}

beforeEach(() => {
  logInPlayer();
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
  act(() => useBetSlip.getState().close());
});

describe('the one-tap betting switch', () => {
  it('says what it does, with the stake it places', () => {
    render(<OneTapSwitch stake={2000} labelClassName="check" hintClassName="hint" />);
    expect(switchNamed('One-tap betting')).toHaveProperty('checked', false);
    expect(
      screen.getByText(
        'When on, tapping a price places a ₹2,000.00 bet at once (your first stake button), with no confirmation.',
      ),
    ).toBeTruthy();
  });

  it('reads in Hindi, as does the toast of a tap while a bet is on its way', async () => {
    await act(() => chooseLanguage('hi'));
    const { rerender } = render(
      <OneTapSwitch stake={2000} labelClassName="check" hintClassName="hint" />,
    );
    fireEvent.click(switchNamed('वन-टैप बेटिंग'));
    expect(switchNamed('वन-टैप बेटिंग')).toHaveProperty('checked', true);
    expect(
      screen.getByText(
        'चालू होने पर किसी प्राइस पर टैप करते ही ₹2,000.00 की बेट तुरंत लग जाती है (आपका पहला स्टेक बटन), बिना कन्फ़र्मेशन के।',
      ),
    ).toBeTruthy();
    rerender(<OneTapSwitch stake={null} labelClassName="check" hintClassName="hint" />);
    expect(screen.getByText('पहले अपने स्टेक बटन सेट करें: वन-टैप बेट पहले बटन का स्टेक लेती है।')).toBeTruthy();

    // The first tap is placed at once; a second while it is on its way is turned away.
    act(() => useBetSlip.getState().open(selection()));
    expect(useBetSlip.getState().oneTap).not.toBeNull();
    act(() => useBetSlip.getState().open(selection()));
    expect(toasts()).toEqual(['आपकी पिछली बेट अभी लग रही है।']);
  });
});
