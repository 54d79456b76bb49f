// The offline page holds both languages; show only the visitor's last one (the `lng` cookie,
// else the URL they tried to open). Without this script both are shown.
(function () {
  var match = document.cookie.match(/(?:^|; )lng=(es|en)(?:;|$)/)
  var lng = match ? match[1] : /^\/en(\/|$)/.test(location.pathname) ? 'en' : 'es'
  document.documentElement.lang = lng
  document.documentElement.className = 'one-language'
  var sections = document.querySelectorAll('[data-lang]')
  for (var i = 0; i < sections.length; i++) sections[i].hidden = sections[i].getAttribute('data-lang') !== lng
})()
