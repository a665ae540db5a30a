"""An RFC 3161 time-stamp authority on 127.0.0.1 for tests, built on pyHanko's DummyTimeStamper.

Usage: tsa_server.py [--tls CERT.pem KEY.pem] TSA.pem TSA.key [CHAIN.pem...]  Listens (with --tls:
https, with that server certificate) on a free port of 127.0.0.1, prints
that port on its first line, and answers POSTed time-stamp queries (application/timestamp-query)
until it is killed. The TSA's key must be RSA (the dummy stamper signs with RSA only); the
certificates of CHAIN are embedded in each token. Every request it answered is counted on stderr.
"""
import ssl
import sys
import warnings
from http.server import BaseHTTPRequestHandler, HTTPServer

warnings.filterwarnings("ignore")

from asn1crypto import tsp  # noqa: E402
from pyhanko.keys import load_cert_from_pemder, load_private_key_from_pemder  # noqa: E402
from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper  # noqa: E402


def main():
    arguments = sys.argv[1:]
    tls = None
    if arguments[:1] == ["--tls"]:
        tls, arguments = arguments[1:3], arguments[3:]
    certificate = load_cert_from_pemder(arguments[0])
    key = load_private_key_from_pemder(arguments[1], passphrase=None)
    chain = [load_cert_from_pemder(path) for path in arguments[2:]]
    stamper = DummyTimeStamper(tsa_cert=certificate, tsa_key=key, certs_to_embed=[certificate] + chain)
    answered = [0]

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            request = tsp.TimeStampReq.load(self.rfile.read(length))
            body = stamper.request_tsa_response(request).dump()
            self.send_response(200)
            self.send_header("Content-Type", "application/timestamp-reply")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            answered[0] += 1
            print(f"answered {answered[0]}", file=sys.stderr, flush=True)

        def log_message(self, *arguments):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls[0], tls[1])
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
