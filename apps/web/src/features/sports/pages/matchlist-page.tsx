import { useParams } from 'react-router';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { sportById } from '../sports';
import { listIcon } from '../../../shared/icons/set/list-icon';

/** The matches of one sport. */
export default function MatchlistPage() {
  const { id = '' } = useParams();
  const sport = sportById(id);
  return (
    <Page
      lead={
        sport ? `${sport.name}: upcoming and in-play matches.` : 'Upcoming and in-play matches.'
      }
    >
      <ComingSoon
        feature={sport ? `The ${sport.name.toLowerCase()} match list` : 'The match list'}
        icon={sport?.icon ?? listIcon}
        detail="Each match with its start time, in-play status and best back and lay prices will be listed here."
      />
    </Page>
  );
}
