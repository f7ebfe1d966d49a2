import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icons/icons';

/** The next step of an empty or closed points mall: back to the games, where points are earned. */
export const LobbyLink = ({ label, icon = 'play' }: { label: string; icon?: IconName }) => (
  <Link to="/" className="btn btn--gold btn--sm">
    <Icon name={icon} size={16} />
    {label}
  </Link>
);
