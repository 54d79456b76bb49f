// The message catalogue (spec point 8) in English is the contract's list
// (casino-api/contract/messages.ts): the casino API sends the same texts with its errors, so the
// two cannot drift apart. The Spanish catalogue (../es/catalogue.ts) has the same keys.
// The file itself, not the #contract barrel: the barrel's schemas would ride along into the
// browser's English chunk.
import { englishMessages } from '#casino-api/contract/messages.ts'

export default englishMessages
