import { Badge } from '../../../shared/ui/badge';

/** Whether players may use a brand: live, or suspended (closed to them). */
export function BrandStatus({ suspended }: { suspended: boolean }) {
  return suspended ? <Badge tone="bad">Suspended</Badge> : <Badge tone="good">Live</Badge>;
}
