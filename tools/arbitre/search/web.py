"""HTTP hygiene around the app: headers, HEAD, compression, the OpenAPI document, /docs.

`HttpHeaders` is pure ASGI middleware.  Every response gets `X-Content-Type-Options: nosniff`,
`Referrer-Policy` and a Content-Security-Policy: the site's files get SITE_CSP (only the site's
own origin, plus the hashes of the inline scripts and styles its pages carry: mkdocs-material
prints a few), the API `default-src 'none'`.  `Cache-Control`: a year and `immutable` for fingerprinted
assets (`bundle.a5f9d56c.min.js`), `no-cache` for the offline worker's script, PAGE_MAX_AGE
seconds for other site files, API answers API_MAX_AGE, and `no-store` for every error and for
the health check.  A bug's 500, which starlette sends from outside every middleware, carries
the same headers (`security_headers`, added by the app's handler).  HEAD is answered as GET
without its body.  Compression (gzip) is starlette's middleware, added by the app.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_MAX_AGE = 300
API_MAX_AGE = 60
IMMUTABLE = "public, max-age=31536000, immutable"
# The offline worker (site/offline.py) is checked on every visit: a new build must be seen at once.
REVALIDATE_PATHS = ("/sw.js",)
FINGERPRINTED = re.compile(r"\.[0-9a-f]{8,}\.min\.(?:js|css)$")
API_PREFIXES = ("/api/", "/r/", "/openapi.json", "/docs")
NO_STORE_PATHS = ("/api/health",)
REFERRER_POLICY = "strict-origin-when-cross-origin"
API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
# The site's policy; {scripts} and {styles} are the hashes of its inline <script>/<style>.
SITE_CSP = (
    "default-src 'self'; script-src 'self'{scripts}; style-src 'self'{styles}; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; "
    "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'"
)
INLINE = re.compile(r"<(script|style)(\s[^>]*)?>(.*?)</\1>", re.DOTALL | re.IGNORECASE)


def inline_hashes(site: Path) -> tuple[set[str], set[str]]:
    """The CSP hashes ('sha256-…') of every inline script and style of the built site's pages
    (a script with `src`, or with a JSON type, is not inline code)."""
    scripts: set[str] = set()
    styles: set[str] = set()
    for page in sorted(site.rglob("*.html")) if site.is_dir() else []:
        for tag, attributes, body in INLINE.findall(
            page.read_text(encoding="utf-8", errors="replace")
        ):
            attributes = (attributes or "").lower()
            if tag.lower() == "script" and ("src=" in attributes or "json" in attributes):
                continue
            digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
            (scripts if tag.lower() == "script" else styles).add(f"'sha256-{digest}'")
    return scripts, styles


def site_csp(site: Path) -> str:
    scripts, styles = inline_hashes(site)
    return SITE_CSP.format(
        scripts="".join(" " + h for h in sorted(scripts)),
        styles="".join(" " + h for h in sorted(styles)),
    )


def cache_control(path: str, status: int) -> str:
    if status >= 400 or path.startswith(NO_STORE_PATHS):
        return "no-store"
    if path.startswith(API_PREFIXES):
        return f"public, max-age={API_MAX_AGE}"
    if path in REVALIDATE_PATHS:
        return "no-cache"
    if FINGERPRINTED.search(path):
        return IMMUTABLE
    return f"public, max-age={PAGE_MAX_AGE}"


def security_headers(path: str, csp: Callable[[], str]) -> dict[str, str]:
    """The security headers of every response to `path`; `csp()` is the site's policy, which
    every site file gets, not only pages: a web worker runs under the policy its own script
    was served with."""
    return {
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": REFERRER_POLICY,
        "Content-Security-Policy": API_CSP if path.startswith(API_PREFIXES) else csp(),
    }


class HttpHeaders:
    """Security and caching headers on every response; HEAD served as a bodiless GET.

    `csp` is called for each page response (the site's policy may change when it is rebuilt).
    """

    def __init__(self, app: ASGIApp, csp: Any) -> None:
        self.app = app
        self.csp = csp

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        head = scope["method"] == "HEAD"
        if head:
            scope = dict(scope, method="GET")
        path: str = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                status = message["status"]
                headers.setdefault("Cache-Control", cache_control(path, status))
                for name, value in security_headers(path, self.csp).items():
                    headers[name] = value
                if status == 405 and "allow" in headers and "HEAD" not in headers["allow"]:
                    headers["Allow"] = headers["allow"] + ", HEAD"
            elif head and message["type"] == "http.response.body":
                message = dict(message, body=b"")
            await send(message)

        await self.app(scope, receive, send_with_headers)


def finish_openapi(schema: dict[str, Any], error_statuses: dict[str, dict[str, str]]) -> dict:
    """The generated schema made exact: the 422 FastAPI declares for typed parameters is never
    sent (validation errors are 400), and each operation declares the errors it does send,
    all of one shape, {"error": message}."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    components["Error"] = {
        "type": "object",
        "required": ["error"],
        "properties": {"error": {"type": "string", "description": "what went wrong, in English"}},
    }
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, operations in schema.get("paths", {}).items():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            responses.pop("422", None)
            for status, description in error_statuses.get(path, {}).items():
                responses[status] = {"description": description, "content": error}
    return schema


def docs_page(schema: dict[str, Any]) -> str:
    """/docs: the API reference as one static page built from the OpenAPI document (no script,
    nothing loaded from another site; it works offline)."""
    out = [
        '<!doctype html><html lang="en"><meta charset="utf-8">',
        f"<title>{html.escape(schema['info']['title'])} API</title>",
        f"<h1>{html.escape(schema['info']['title'])} API {html.escape(schema['info']['version'])}</h1>",
        f"<p>{html.escape(schema['info'].get('description', ''))}</p>",
        '<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3).</p>',
    ]
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            out.append(f"<h2><code>{method.upper()} {html.escape(path)}</code></h2>")
            out.append(f"<p>{html.escape(operation.get('summary', ''))}</p>")
            if operation.get("description"):
                out.append(f"<p>{html.escape(operation['description'])}</p>")
            parameters = operation.get("parameters", [])
            if parameters:
                out.append("<table><tr><th>parameter</th><th>in</th><th>type</th><th></th></tr>")
                for p in parameters:
                    kind = p.get("schema", {}).get("type", "string")
                    need = "required" if p.get("required") else "optional"
                    out.append(
                        f"<tr><td><code>{html.escape(p['name'])}</code></td><td>{p['in']}</td>"
                        f"<td>{kind}, {need}</td><td>{html.escape(p.get('description', ''))}</td></tr>"
                    )
                out.append("</table>")
            out.append("<ul>")
            for status, response in operation.get("responses", {}).items():
                out.append(
                    f"<li><b>{status}</b> {html.escape(response.get('description', ''))}</li>"
                )
            out.append("</ul>")
    out.append("</html>\n")
    return "\n".join(out)
