# syntax=docker/dockerfile:1
# Larder: build with the full toolchain, run on a slim image with production dependencies only.
#   docker build -t larder .
#   docker run -p 8060:8060 -v larder-data:/data larder
ARG NODE_IMAGE=node:24-bookworm-slim

# --- manifests: only the package.json files, so `npm ci` is cached until dependencies change ---
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages ./packages
# (bin/ stays: npm links the `larder` command from it.)
RUN find packages -mindepth 2 -maxdepth 2 ! -name package.json ! -name bin -exec rm -rf {} +

# --- build: install everything, compile, then drop the development dependencies ---------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
COPY --from=manifests /app ./
# The lockfile holds every platform's optional binaries (npm run lint checks it), so npm ci works
# on any platform the image is built for.
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.base.json ./
COPY packages ./packages
RUN npx tsc -b && npm run build -w @larder/web \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf packages/*/src packages/*/test packages/web/index.html packages/web/public packages/web/vite.config.ts packages/*/test-support packages/*/tsconfig*.json packages/*/*.tsbuildinfo \
 && npm cache clean --force

# --- runtime ---------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# Two malloc arenas: image decoding on several threads otherwise keeps memory glibc never gives back.
# 8 MB semi-spaces for V8's young generation: about 70 MB less at peak for a little CPU (docs/performance.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS=--max-semi-space-size=8 \
    SERVICE_ADDR=:8060 \
    SERVICE_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/packages ./packages
# The code is read-only for the service; only /data (PGlite database, local image files) is writable.
# `larder` is the admin command (docs/operations.md): docker compose exec app larder users
RUN mkdir -p /data && chown node:node /data \
 && ln -s /app/packages/http-express/bin/larder.js /usr/local/bin/larder
VOLUME ["/data"]
USER node
EXPOSE 8060
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const p=(process.env.SERVICE_ADDR||':8060').split(':').pop();fetch('http://127.0.0.1:'+p+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "packages/http-express/dist/main.js"]
