# One image: the embedded database by default (data in the /data volume), PostgreSQL when
# DATABASE_URL is set. Build: docker build -t srhr-platform .  Run: docker run -p 3000:3000 -v srhr-data:/data -e PUBLIC_URL=http://localhost:3000 srhr-platform
# Every RUN is a command CI runs too (no Docker engine there): npm ci and npm run build in .ci/run,
# the runtime stage's npm ci in scripts/build-binary/docker-runtime-test.sh (README, Docker).
# npm run build makes the web client (dist/client) and the server as one ES module
# (dist/server/main.mjs): the runtime needs no tsx, no TypeScript and no sources.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
# Node 22 keeps the compiled code of the server and its modules here: a restart skips compiling (about 1 s).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY package.json package-lock.json ./
# TypeScript (23 MB) comes in as a peer of @trpc/server, for its types only: nothing runs it.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force && rm -rf node_modules/typescript
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/server ./dist/server
# The data volume belongs to the unprivileged user the platform runs as.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]
