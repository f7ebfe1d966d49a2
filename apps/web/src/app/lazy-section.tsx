import { Component, Suspense, lazy, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SECTION_LOAD_TIMEOUT_MS } from '@apsara/contracts';
import { Icon } from '../components/ui/icons/icons';
import { SectionLoadError, withTimeout } from '../lib/with-timeout';
import type { LoadableSection as SectionName } from './routes';
import './lazy-section.css';

export type SectionProps = { titleKey: string; category?: string };
export type SectionModule = { default: ComponentType<SectionProps> };
export type SectionLoader = () => Promise<SectionModule>;

/*
 * One lazy component per section, kept across navigations so a loaded section renders at once.
 * A failed one is dropped on retry: React.lazy remembers a rejection forever.
 */
const cache = new Map<SectionName, LazyExoticComponent<ComponentType<SectionProps>>>();

const lazySection = (name: SectionName, load: SectionLoader) => {
  let component = cache.get(name);
  if (!component) {
    component = lazy(() => withTimeout(load, SECTION_LOAD_TIMEOUT_MS, name));
    cache.set(name, component);
  }
  return component;
};

type BoundaryProps = { onRetry: () => void; children: ReactNode };
type BoundaryState = { error: unknown };

/** Catches a section that failed to load or crashed, and offers a retry instead of a blank page. */
class SectionBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Section failed', error, info.componentStack);
  }

  render() {
    if (this.state.error) return <SectionErrorScreen error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

export const SectionErrorScreen = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  const isChunk = error instanceof SectionLoadError;
  const timedOut = isChunk && error.timedOut;
  return (
    <section className="section-error" role="alert" aria-labelledby="section-error-title">
      <svg viewBox="0 0 120 120" width="112" height="112" aria-hidden="true" className="section-error__art">
        <circle cx="60" cy="60" r="52" fill="#151e36" stroke="rgba(245,196,81,.4)" strokeWidth="2" />
        <path d="M30 70c8-18 22-28 30-28s22 10 30 28" stroke="#f5c451" strokeWidth="5" fill="none" strokeLinecap="round" />
        <path d="M42 58l-8-8M78 58l8-8" stroke="#5aa9ff" strokeWidth="4" strokeLinecap="round" />
        <circle cx="60" cy="78" r="6" fill="#ff5a5f" />
        <path d="M60 24v14" stroke="#f5c451" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <h1 id="section-error-title" className="section-error__title">
        {isChunk ? t('sectionError.title') : t('sectionError.crashTitle')}
      </h1>
      <p className="section-error__text">{timedOut ? t('sectionError.timeout') : isChunk ? t('sectionError.failed') : t('sectionError.crash')}</p>
      <div className="section-error__actions">
        <button type="button" className="btn btn--gold" onClick={onRetry}>
          <Icon name="refresh" size={18} />
          {t('sectionError.retry')}
        </button>
        <Link to="/" className="btn btn--ghost">
          {t('comingSoon.toLobby')}
        </Link>
      </div>
    </section>
  );
};

export const SectionSkeleton = () => {
  const { t } = useTranslation();
  return (
    <div className="section-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      <div className="nav-progress" aria-hidden="true" />
      <div className="skeleton section-skeleton__hero" />
      <div className="section-skeleton__row">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="skeleton section-skeleton__card" />
        ))}
      </div>
    </div>
  );
};

type Props = SectionProps & { name: SectionName; load: SectionLoader };

/**
 * A section of spec §2 loaded on demand. The import races SECTION_LOAD_TIMEOUT_MS (120 s); a failure
 * or timeout shows the chunk-load error screen, whose Retry starts a fresh import.
 */
export const LazySection = ({ name, load, ...props }: Props) => {
  const [attempt, setAttempt] = useState(0);
  const Section = lazySection(name, load);
  const retry = () => {
    cache.delete(name);
    setAttempt((n) => n + 1);
  };
  return (
    <SectionBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<SectionSkeleton />}>
        <Section {...props} />
      </Suspense>
    </SectionBoundary>
  );
};
