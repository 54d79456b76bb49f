// The offline page holds both languages. The service worker serves it in place of the page the
// visitor asked for, so location is that page: its language is the path's (/en… is English,
// like everywhere on the site); only this page opened at its own address follows the `lng`
// cookie. "Try again" asks for that same page again. Without this script both languages are
// shown and "try again" goes to the start page.
;(function () {
  var path = location.pathname
  var own = path === '/offline.html'
  var match = document.cookie.match(/(?:^|; )lng=(es|en)(?:;|$)/)
  var lng = /^\/en(\/|$)/.test(path) ? 'en' : own && match ? match[1] : 'es'
  document.documentElement.lang = lng
  document.documentElement.className = 'one-language'
  var sections = document.querySelectorAll('[data-lang]')
  for (var i = 0; i < sections.length; i++) {
    sections[i].hidden = sections[i].getAttribute('data-lang') !== lng
    var retry = sections[i].querySelector('a[data-retry]')
    // The same page, on this site (collapse leading slashes and backslashes: never another site).
    if (retry && !own) retry.setAttribute('href', '/' + path.replace(/\\/g, '/').replace(/^\/+/, '') + location.search)
  }
})()
