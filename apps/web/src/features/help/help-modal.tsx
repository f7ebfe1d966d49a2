import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HELP_ICONS, type HelpTopicItem } from '@apsara/contracts';
import { Modal, useModal } from '../../components/ui/modal';
import { Icon, type IconName } from '../../components/ui/icons/icons';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/member/states';
import { useShellActions } from '../../lib/shell-actions';
import { useHelpCenter } from './api/help-center';
import { helpButtonOf, openedTopic, paragraphsOf } from './logic/help-topics';
import './help-modal.css';

export const HELP_MODAL = 'help';

/** Every icon a topic may name is one the portal draws (checked by the type checker). */
const DRAWN: readonly IconName[] = HELP_ICONS;
const iconOf = (name: string): IconName => (DRAWN.includes(name as IconName) ? (name as IconName) : 'help');

/** What a topic offers under its text: the feedback form, the chat (where there is one) or a page of the site. */
const TopicButton = ({ topic, close }: { topic: HelpTopicItem; close: () => void }) => {
  const { t } = useTranslation();
  const { openFeedback, openChat } = useShellActions();
  const button = helpButtonOf(topic.action, openChat !== undefined);
  if (button === null) return null;
  if (button.kind === 'feedback') {
    return (
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => {
          close();
          openFeedback();
        }}
      >
        {t('help.toFeedback')}
      </button>
    );
  }
  if (button.kind === 'chat') {
    return (
      <button
        type="button"
        className="btn btn--gold btn--sm"
        onClick={() => {
          close();
          openChat?.();
        }}
      >
        <Icon name="chat" size={16} />
        {t('chat:entry.help')}
      </button>
    );
  }
  return (
    <Link to={button.path} className="btn btn--ghost btn--sm" onClick={close}>
      {t('help.toPage')}
    </Link>
  );
};

/** The topics, read from the server each time the popup opens (mounted only while it is open). */
const HelpTopics = ({ asked, close }: { asked: unknown; close: () => void }) => {
  const { t } = useTranslation();
  const help = useHelpCenter();
  if (help.isPending) return <LoadingState rows={6} label={t('help.loading')} />;
  if (help.isError || !help.data) return <ErrorState error={help.error} onRetry={() => void help.refetch()} compact />;
  const { topics } = help.data;
  if (topics.length === 0) return <EmptyState icon="help" title={t('help.empty')} text={t('help.emptyText')} compact />;
  const opened = openedTopic(topics, asked);
  return (
    <div className="help__topics">
      {topics.map((topic) => (
        <details key={`${topic.key}-${opened}`} className="help__topic" open={topic.key === opened} data-topic={topic.key}>
          <summary className="help__summary">
            <span className="help__icon">
              <Icon name={iconOf(topic.icon)} size={18} />
            </span>
            {topic.title}
            <Icon name="chevronDown" size={16} className="help__chevron" />
          </summary>
          {paragraphsOf(topic.body).map((p, i) => (
            <p key={i} className="help__answer">
              {p}
            </p>
          ))}
          <TopicButton topic={topic} close={close} />
        </details>
      ))}
    </div>
  );
};

/** The help center popup (spec §2 "help center"); `/help?topic=…` opens it on a topic. */
export const HelpModal = () => {
  const { t } = useTranslation();
  const modal = useModal<{ topic?: string }>(HELP_MODAL);
  return (
    <Modal name={HELP_MODAL} title={t('help.title')} size="lg">
      <p className="help__intro">{t('help.intro')}</p>
      <HelpTopics asked={modal.props.topic} close={modal.close} />
    </Modal>
  );
};
