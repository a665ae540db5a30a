#!/bin/sh
# Makes a test seal in FOLDER: a root certificate (root.pem) and a seal certificate issued by it,
# with its key and the root in seal.p12 (password: the second argument, default "test").
# For trying --sign and for tests only: a real seal's certificate comes from a trust service
# provider (see docs/signing.md). Nothing made here is trusted by any PDF reader.
set -eu
folder=${1:?usage: make-test-seal.sh FOLDER [PASSWORD]}
password=${2:-test}
mkdir -p "$folder"
cd "$folder"
key="-newkey ec -pkeyopt ec_paramgen_curve:P-256"
printf 'keyUsage=critical,digitalSignature,nonRepudiation\n' > seal.cnf
openssl req -x509 $key -nodes -keyout root.key -out root.pem -days 3650 -subj "/CN=invoicegen Test Root" 2>/dev/null
openssl req $key -nodes -keyout seal.key -out seal.csr -subj "/O=Northwind Software GmbH/CN=Northwind Test Seal" 2>/dev/null
openssl x509 -req -in seal.csr -CA root.pem -CAkey root.key -CAcreateserial -out seal.pem -days 365 \
  -extfile seal.cnf 2>/dev/null
openssl pkcs12 -export -inkey seal.key -in seal.pem -certfile root.pem -out seal.p12 -passout "pass:$password"
rm -f seal.csr seal.cnf root.srl
echo "test seal written: $folder/seal.p12 (trust anchor: $folder/root.pem)"
