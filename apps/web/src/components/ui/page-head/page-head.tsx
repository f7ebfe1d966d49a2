import './page-head.css';

type Props = { eyebrow: string; title: string; lede: string };

/** A feature page's heading: the gold eyebrow, the page's h1 and one line on what the page is for. */
export const PageHead = ({ eyebrow, title, lede }: Props) => (
  <header className="page-head">
    <p className="page-head__eyebrow">{eyebrow}</p>
    <h1 className="page-head__title">{title}</h1>
    <p className="page-head__lede">{lede}</p>
  </header>
);
