# syntax=docker/dockerfile:1
# Build: compile the client (Vite) and the server (tsc). Runtime: production dependencies only.
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm install when npm ci refuses a lock without other platforms' optional binaries (see .ci/run).
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build

# The sandbox of `docker compose` (its `sandbox` service): the sources with every dependency, faker too. The product's
# image below carries neither (the BFF never imports sandbox/).
FROM build AS sandbox
CMD ["node", "--import", "tsx", "sandbox/main.ts"]

FROM node:22-slim AS runtime
# The decoders of heavy originals (docs/pictures.md, "The decoder"): libavif's avifdec (with dav1d) for AVIF, libheif's
# heif-convert/heif-dec (with libde265) and heif-info for HEIC; and libavif's avifenc (libaom), the background AVIFs'
# encoder: each run in a process of its own under prlimit, nice and choom (util-linux and coreutils, already in the image).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libavif-bin libheif-examples \
    && rm -rf /var/lib/apt/lists/*
# glibc's allocator: two arenas instead of one per thread, and allocations over 128 KB (zlib and
# brotli state) mapped and given back when freed instead of kept for reuse: about 50 MB less RSS under
# the soak's load (docs/architecture.md, "Where the rest goes").
ENV NODE_ENV=production \
    PORT=3000 \
    METRICS_PORT=9464 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/redirects ./redirects
USER node
EXPOSE 3000
# Prometheus only: keep this port off the public load balancer.
EXPOSE 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The same command `npm start` ends with, after its build step: the V8 heap limit from the memory
# budget (MEMORY_BUDGET_MB, else the container's cgroup limit), which V8 only takes at start.
CMD ["sh", "-c", "exec node $(node dist/server/heapLimit.js) dist/server/main.js"]
