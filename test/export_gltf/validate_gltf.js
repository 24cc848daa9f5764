// Runs the Khronos glTF-Validator on one file and prints one JSON line:
// {"errors": N, "warnings": N, "messages": ["CODE POINTER MESSAGE", ...]} (the first errors).
// Usage: node validate_gltf.js VALIDATOR_PACKAGE_DIR FILE.gltf|FILE.glb
// Exits 0 when the file was validated (whatever it holds), 2 when the validator could not run.
'use strict';
const fs = require('fs');
const path = require('path');

const [packageDir, file] = process.argv.slice(2);
const validator = require(packageDir);
const readResource = (uri) => new Promise((resolve, reject) => {
  fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (error, data) =>
    error ? reject(error.toString()) : resolve(new Uint8Array(data)));
});
validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
  uri: path.basename(file),
  maxIssues: 0,
  externalResourceFunction: readResource,
}).then((report) => {
  const errors = report.issues.messages.filter((m) => m.severity === 0);
  console.log(JSON.stringify({
    errors: report.issues.numErrors,
    warnings: report.issues.numWarnings,
    messages: errors.slice(0, 10).map((m) => `${m.code} ${m.pointer || ''} ${m.message}`),
  }));
}).catch((error) => {
  console.log(JSON.stringify({ errors: -1, messages: [String(error)] }));
  process.exit(2);
});
