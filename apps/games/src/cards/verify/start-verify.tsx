/** Starts a card game's verify page, filled in from its query (`CARD_VERIFY_PARAMS`). */
import { createRoot } from 'react-dom/client';
import type { CardGameCode } from '@backlay/contract/card-games';
import { readLanguage } from '../../shared/launch';
import { VERIFY_PARAMS } from '../contract-values';
import { VerifyPage } from './verify-page';
import { verifyWords } from './verify-words';

export async function startVerifyPage(gameCode: CardGameCode): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const language = readLanguage(window.location.search);
  document.documentElement.lang = language;
  await verifyWords.load(language);
  document.title = `${verifyWords.t(`name.${gameCode}`)} · ${verifyWords.t('verifyTitle')}`;
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element to render into.');
  createRoot(container).render(
    <VerifyPage
      gameCode={gameCode}
      initial={{
        seed: params.get(VERIFY_PARAMS.seed) ?? '',
        roundNumber: params.get(VERIFY_PARAMS.roundNumber) ?? '',
        seedHash: params.get(VERIFY_PARAMS.seedHash) ?? '',
      }}
    />,
  );
}
