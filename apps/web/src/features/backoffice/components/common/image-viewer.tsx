import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, closeModal, openModal } from '../../../../components/ui/modal';
import { opsImage } from '../../api/client';
import { BoError, BoLoading } from './states';

export type ImageSet = { title: string; ids: string[] };

type Loaded = { id: string; url: string } | { id: string; error: unknown } | null;

/**
 * An uploaded image read with the operator's token (an <img src> cannot send it) into an object URL,
 * dropped again when another image is shown or the viewer closes.
 */
const useImageUrl = (id: string | null, attempt: number): Loaded => {
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    let url: string | null = null;
    setLoaded(null);
    opsImage(id, controller.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setLoaded({ id, url });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ id, error });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, attempt]);
  return loaded && loaded.id === id ? loaded : null;
};

/** Receipts, withdrawal proofs and application images, one at a time, with the others as buttons. */
export const ImageViewer = ({ name, images, onClose }: { name: string; images: ImageSet | null; onClose: () => void }) => {
  useEffect(() => {
    if (images) openModal(name);
    else closeModal(name);
  }, [name, images]);
  useEffect(() => () => closeModal(name), [name]);
  if (!images) return null;
  return (
    <Modal name={name} title={images.title} size="lg" onClose={onClose} className="bo-viewer">
      <ViewerBody images={images} />
    </Modal>
  );
};

const ViewerBody = ({ images }: { images: ImageSet }) => {
  const { t } = useTranslation('ops');
  const [index, setIndex] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const id = images.ids[index] ?? null;
  const loaded = useImageUrl(id, attempt);
  const alt = images.ids.length > 1 ? t('images.alt_of', { title: images.title, n: index + 1, count: images.ids.length }) : images.title;
  return (
    <div className="bo-viewer__body">
      <div className="bo-viewer__stage">
        {!loaded ? (
          <BoLoading rows={3} label={t('images.loading')} />
        ) : 'error' in loaded ? (
          <BoError error={loaded.error} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <a href={loaded.url} target="_blank" rel="noreferrer" className="bo-viewer__link" title={t('images.open_full')}>
            <img src={loaded.url} alt={alt} className="bo-viewer__img" />
          </a>
        )}
      </div>
      {images.ids.length > 1 && (
        <div className="bo-viewer__pick" role="group" aria-label={t('images.pick')}>
          {images.ids.map((imageId, i) => (
            <button key={imageId} type="button" className="btn btn--ghost btn--sm" aria-pressed={i === index} onClick={() => setIndex(i)}>
              {t('images.nth', { n: i + 1 })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
};
