/**
 * Known-answer vectors shared by the fair tests (not exported from the package). The server seeds are
 * SHA-256 of a phrase, written out literally so that any change of convention breaks a test.
 */
export const S1 = 'c8deb46215de395d6b1f98ade4d50b2373798077e2ec70ac4a3787cc63730c76'; // sha256('apsara provably fair vector 1')
export const S1_HASH = '6d57cad8e785fd393ecd2d62e8d6b06f573ab75c04e6b30bb319a2b791673542'; // sha256(S1 as text)
export const S2 = 'a1373d2666921f3aa723c1e102156765f1ffe70785d3bb6e4adba1819b6fc7a9'; // sha256('apsara provably fair vector 2')
export const S2_HASH = '40efe1cc4fe11550bc7958afa0a0b87053821a6dd5f5ee6e385a90ecf1a59b8e';
