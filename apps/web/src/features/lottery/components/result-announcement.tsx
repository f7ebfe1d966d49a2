import { LOTTERY_DIGITS } from '@apsara/contracts';
import { useLotteryTexts } from './texts';

/** A draw whose result has just landed on the page. */
export type HeardDraw = { drawNo: string; result: readonly number[] };

/**
 * The live region that tells a screen reader a new result has landed. It keeps the draw, not a
 * sentence: the words are made at each render, so after a language switch the region speaks the new
 * language. A Vietnam draw is announced by its special prize (its balls), not its 107 digits.
 */
export const ResultAnnouncement = ({ draw }: { draw: HeardDraw | null }) => {
  const { t, facts } = useLotteryTexts();
  return (
    <p className="visually-hidden" role="status">
      {draw ? t('reveal.announce', { drawNo: draw.drawNo, digits: draw.result.length > LOTTERY_DIGITS ? facts(draw.result) : draw.result.join(' ') }) : null}
    </p>
  );
};
