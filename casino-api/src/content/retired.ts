/**
 * Seeded texts a later release rewrote or withdrew, by key (kind/slug/locale): the fingerprints
 * (seed.ts, seedFingerprint) of the versions earlier releases wrote. At start, a row whose
 * columns still have one of these fingerprints was never edited: it takes the current text of
 * texts-es.ts or texts-en.ts, or is removed when the entry is gone (and its key forgotten, so a
 * release that brings the entry back seeds it again). A row an operator edited matches none and
 * is left as it is.
 *
 * Issue 19, point 12: the bonus, cashback and loyalty texts, the self-exclusion answer and the
 * 'Bonuses every week' slide promised what the casino API does not do yet; the pages that
 * mentioned them were rewritten. The Spanish texts call the prepaid voucher 'cupón prepago', as the
 * web app's messages do, no longer 'bono prepago': a 'bono' is a bonus. Issue 23 (ADR 0060): the
 * responsible-gaming page names the breaks, self-exclusion and account closing the account page has;
 * then (ADR 0061) its deposit limits, and (ADR 0064) its loss limits. ADR 0062: the terms, the privacy page and the FAQ say how a
 * dormant account is told and closed (not while money is left in it), no longer that its balance
 * is paid back. ADR 0068: the terms say what a missed identity-check deadline does (the account
 * suspended, the balance kept), no longer that the account is closed and its funds forfeited.
 */
export const RETIRED_SEED: Record<string, readonly string[]> = {
  'page/about-us/es': ['204ccfdefe682d77552fc143c3ad5763a7f25e59c7e79f333163c54a49628419'],
  'page/welcome/es': ['fafe7a4efc9cc117c97fe301ab2f98c8ea598dadc7bca4b65ebac16ef0d540b8'],
  'page/why-choose-us/es': ['f6d2aea44741fdf050d91662692303c5e30b9a49273a95490c1bfc8d09145928'],
  'page/terms/es': [
    'f763838800db7ecdb1d587a05b26e8d5ee866e4a2229ed3c001d3fdfa22c1278',
    'cd09f63b200ec93f739d6c5098f98b86ae9e1934aeb2ff3a4924769f064f6447',
    '06e8d31e6c6b7868ad6f7f845690c38c8150df320cf0c0f48751908a15940a8c',
  ],
  'page/responsible/es': [
    'e15544a90705657a7722978cf1e010c658082bf95ca7ba66e0eca5ffbff9f8c4',
    '3159c85daf553e86a2c96c0d1581f195e4a5f6459905e718891b56a677d7dd74',
    '41c6cb43a2ccf5bbe6d40ceb0109dc3feb5e1793359291659d651fa5e22057cc',
    '3c26dc3f9a6f3beddef9ad883506902cfa750e6f6beef71bb1d576110d99374a',
  ],
  'page/bonuses/es': ['b15bae8311333e7f040a05eb2967ff4a1d52bcdf78c3e6866c834f5d09c830dc'],
  'page/loyalty-points/es': ['6b8b46cacf11a0e36e7bc61c7947367adb7d9715eb33a049b15bada90637088b'],
  'promotion/weekly-cashback/es': ['70819e9998ca0fb7178c8866d1f6c726e51d9546ae713db2f2f7a9fd99300da6'],
  'promotion/wednesday-bonus/es': ['f5dc170a067b64e703a39d87ac4c919dcacc36eb55c27281a1df96b5b3c91dee'],
  'promotion/monthly-bonus/es': ['a62e9f6e882965c5c3dfb3c2cf2097a9a1d86291fab47e12c895d8755714e5c2'],
  'faq/deposit-methods/es': ['442a93b4f5d7615f917e8a8539c1f53cad6a4c5c9bbcd3bf867e516d4568143e'],
  'faq/self-exclusion/es': ['021bdb66038841a1c773fad6b3edf9af8a00d179e5bc159a1acbd36f2d5a35f3'],
  'slider/promotions/es': ['b78f41dcc5f2397b0c8323044fa55b263caf9c59f3dce37e55448f6c97a54eba'],
  'page/about-us/en': ['d03b1acb5195f85186db7b61936e45f544ea39b4bb1096208a5e064a64a3f8a7'],
  'page/welcome/en': ['57ae3b39b0320c0276991c774f99ca1eb3eefe59bc7e4a6084848c415a0b1891'],
  'page/why-choose-us/en': ['ca25811cbc912ca7850f51d7d566553a58a8c967ebc9a5d79ece401c19aa9136'],
  'page/terms/en': [
    'a8578bc3c0aef765f9fe0e82967b766a9b07a89b6d69207747bec1e807d1f187',
    '2bf481d8a524003da05fd528dba9f1cf76984bd4439392a50412f6577586bcf5',
    '217eaa7be7097f8519f177e9cc60ff2f2ca3706fbdb78d51a0d1b9af64e05126',
  ],
  'page/responsible/en': [
    '905c27d356d82a3c257ee25f7aa13f0e555b4a46b9f12d93755a424ac6fcfb2f',
    'e1244792d520c939cac6abc158e6e3629a27f12aca341eadaef4b1e7fb9e0702',
    'b007158d5d1fd7e5ba8525774317328d299d70ed3ca66846df9288ed3d5bcbf9',
    '1f11cfb4e78cebd54db3a65762d126b87097b2a189501175027c04bba8166fcc',
  ],
  'page/bonuses/en': ['5349a68589a498cb80cd107edde08430aaf866d478bf8de84de5e95e3e70353f'],
  'page/loyalty-points/en': ['2cd3b08b79f6b493fc21823cc3108fe5af6687fade67d8b04c4252fae6f48850'],
  'promotion/weekly-cashback/en': ['e4062a680488983afb7bb42c64a804e55998b6b154bf443a0dc96c5919385c3b'],
  'promotion/wednesday-bonus/en': ['26af0dc9e30f68bbd113ad2f57dc18d1ad7e217491757514b193ce6c2a9a75f0'],
  'promotion/monthly-bonus/en': ['c33179faaaa49e3f94eb9a1dd22f56a433a148b7cdbe47f0a463278aa91617de'],
  'faq/self-exclusion/en': ['682ef175b73baba95b2b9c5466fff49fa84e042e07196950fc3dc6c5929212c5'],
  'slider/promotions/en': ['1ca217a8a7a949f8602b367975f2a176b466d585d598e3140d26c00eb22f6df6'],
  'page/privacy/en': ['c02ffa55293fd6364cc511aa0023062a905ea4b563e6de184082bdfea9d1c62b'],
  'faq/inactive-account/en': ['6df1d65f3f73ba7f391cecabfa067a64a768dfbff14d6844207b970780195726'],
  'page/privacy/es': ['d34be8bee7b35c0085d4970c86e59eacf8277c5350453c932ab8dd7508919311'],
  'faq/inactive-account/es': ['a9afe56887cb4fe43fdb8ee0777730799cf4ab4bc36ab6217dcfeeb590d2c3e4'],
}
