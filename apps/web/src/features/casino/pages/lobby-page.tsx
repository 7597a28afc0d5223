import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { useStoredText } from '../../../shared/storage/use-stored-text';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { diceIcon } from '../../../shared/icons/set/dice-icon';
import './lobby-page.css';

const messages = i18n('casino/lobby-page', {
  frame: 'Casino game',
  feature: 'The casino lobby',
  detail: 'A game you launch from the casino opens full screen here.',
});

/** The casino lobby: the launched game's frame (spec §2). */
export default function LobbyPage() {
  const t = useMessages(messages);
  const lobbyUrl = useStoredText(STORAGE_KEYS.lobbyUrl);
  return (
    <Page className="lobby-page">
      {lobbyUrl ? (
        <iframe
          className="lobby-page__frame"
          src={lobbyUrl}
          title={t.frame}
          allow="autoplay; fullscreen"
          allowFullScreen
        />
      ) : (
        <ComingSoon feature={t.feature} icon={diceIcon} detail={t.detail} />
      )}
    </Page>
  );
}
