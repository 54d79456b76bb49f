import catalogue from './catalogue.ts'
import common from './common.ts'
import auth from './auth.ts'
import account from './account.ts'
import home from './home.ts'
import money from './money.ts'
import admin from './admin.ts'
import games from './games.ts'
import content from './content.ts'
import support from './support.ts'

export default { translation: { catalogue, common, auth, account, home, money, admin, games, content, support } }
