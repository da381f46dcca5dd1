# Arena in one container: the Bun server (API, web app, chat, media) plus ffmpeg.
# Build:  docker build -t arena .
# Run:    docker run -p 3000:3000 -p 1935:1935 -v arena-data:/data arena
# WebRTC (WHIP: OBS 30+, "go live from this browser"; WHEP: real-time viewers) shares one UDP port, WEBRTC_UDP_PORT=40000:
# add -p 40000:40000/udp -e WEBRTC_ADDRESSES=<the host's LAN address> (or run it with --network host).
# SRT ingest (SRT_PORTS=9000-9049, off by default): add -p 9000-9049:9000-9049/udp.
FROM node:20-bookworm-slim

RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg ca-certificates postgresql-client \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies patches/ to the packages it installs (package.json's postinstall).
COPY patches ./patches
RUN npm ci --no-audit --no-fund --loglevel=error

COPY . .
# The image ships without the developer screens (/components, /translation-test).
RUN VITE_DEV_SCREENS=false node_modules/.bin/bun node_modules/.bin/vite build --logLevel warn

ENV PORT=3000 RTMP_PORT=1935 DATA_DIR=/data HOST=0.0.0.0
VOLUME /data
EXPOSE 3000 1935 40000/udp 9000-9049/udp
# Exec form: Bun is PID 1 and handles SIGTERM itself (finishes requests, closes the database).
CMD ["node_modules/.bin/bun", "server/main.ts"]
