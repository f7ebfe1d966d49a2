import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/member/states';
import { useAgentNotices } from '../api/announcements';
import { NoticeBrowser } from './notice-browser';
import './announcements.css';

/**
 * The agent center's agentAnnouncement page (spec §2): the notices the site's operators write for
 * agents (AG), in the same list and detail as the players' announcement popup.
 */
export const AgentAnnouncements = () => {
  const { t } = useTranslation('announcements');
  const notices = useAgentNotices();

  const body = () => {
    if (notices.isPending) return <LoadingState rows={5} label={t('loading')} />;
    if (notices.isError) return <ErrorState error={notices.error} onRetry={() => void notices.refetch()} />;
    if (!notices.data?.length) return <EmptyState icon="megaphone" title={t('agent.empty_title')} text={t('agent.empty_text')} />;
    return <NoticeBrowser items={notices.data} label={t('list.agent')} />;
  };

  return (
    <section className="an-panel" aria-labelledby="an-agent-title">
      <h2 id="an-agent-title" className="an-panel__title">
        {t('list.agent')}
        {notices.data && notices.data.length > 0 && <span className="an-tabs__count num">{notices.data.length}</span>}
      </h2>
      {body()}
    </section>
  );
};
