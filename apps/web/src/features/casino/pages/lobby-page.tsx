import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { useStoredText } from '../../../shared/storage/use-stored-text';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { diceIcon } from '../../../shared/icons/set/dice-icon';
import './lobby-page.css';

/** The casino lobby: the launched game's frame (spec §2). */
export default function LobbyPage() {
  const lobbyUrl = useStoredText(STORAGE_KEYS.lobbyUrl);
  return (
    <Page className="lobby-page">
      {lobbyUrl ? (
        <iframe
          className="lobby-page__frame"
          src={lobbyUrl}
          title="Casino game"
          allow="autoplay; fullscreen"
          allowFullScreen
        />
      ) : (
        <ComingSoon
          feature="The casino lobby"
          icon={diceIcon}
          detail="A game you launch from the casino opens full screen here."
        />
      )}
    </Page>
  );
}
