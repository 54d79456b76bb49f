# syntax=docker/dockerfile:1
# Two images from one file:
# - the default (last) target: the web app (BFF) as a Node container. Point it at your casino API
#   with CASINO_API_URL; without it the container also runs the embedded reference casino API on
#   PGlite in /app/data (then the crypto keys are required: see the README's Docker section).
# - `--target casino-api`: the reference casino API alone (node casino-api/src/main.ts, port 4000),
#   with the built-in game provider it embeds on port 4100 (the web's PROVIDER_URL).
# The code belongs to root and is read-only to the runtime user `node`: only /app/data is writable.
#
# Every stage starts from NODE_IMAGE: pin it by digest for reproducible builds, e.g.
#   docker buildx imagetools inspect node:24-bookworm-slim   (the index digest)
#   docker build --build-arg NODE_IMAGE=node:24-bookworm-slim@sha256:<digest> .
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

# What both images share: production dependencies, the casino API's code (the web app imports
# its contract), the built-in game provider it embeds, the catalogues the provider's feed
# writes its rules in and the pieces both the site and the provider's game client use (ui/),
# owned by root; the data folder, owned by `node`.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production DATA_DIR=/app/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY casino-api ./casino-api
COPY provider ./provider
COPY locales ./locales
COPY ui ./ui
RUN mkdir -p /app/data && chown node:node /app/data && chmod 0700 /app/data
USER node
VOLUME ["/app/data"]

# The casino API alone. It needs WEB_URL (the site's public URL, for e-mailed links), and in
# production the crypto keys (CRYPTO_BTC_ACCOUNT_KEY, CRYPTO_USDT_ACCOUNT_KEY) or PAYMENTS_SANDBOX=true.
FROM runtime AS casino-api
ENV HOST=0.0.0.0 PORT=4000 PROVIDER_PORT=4100
# The built-in provider's game client, which the provider serves on its own port.
COPY --from=build /app/build/provider-frame ./build/provider-frame
EXPOSE 4000 4100
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "casino-api/src/main.ts"]

# The web app. No demo player in the image (SEED_DEMO); the admin's first password is generated into
# /app/data/admin-password.txt (0600) unless ADMIN_PASSWORD is set, and must be changed at first log-in.
FROM runtime AS web
ENV PORT=3000 SEED_DEMO=false
COPY --from=build /app/build ./build
COPY server ./server
COPY app ./app
COPY public ./public
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/index.ts"]
