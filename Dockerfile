# syntax=docker/dockerfile:1
# The web app (BFF) as a Node container. Point it at your casino API with CASINO_API_URL;
# without it the container also runs the embedded reference casino API on PGlite in /app/data.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npx react-router build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:24-bookworm-slim
# No demo player in the image (SEED_DEMO); the admin's first password is generated into
# /app/data/admin-password.txt (0600) unless ADMIN_PASSWORD is set, and must be changed at first log-in.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data SEED_DEMO=false
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --chown=node:node package.json ./
COPY --chown=node:node server ./server
COPY --chown=node:node app ./app
COPY --chown=node:node locales ./locales
COPY --chown=node:node casino-api ./casino-api
COPY --chown=node:node public ./public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server/index.ts"]
