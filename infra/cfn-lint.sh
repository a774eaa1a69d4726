#!/usr/bin/env bash
# Lints every CloudFormation template of a cloud assembly with cfn-lint and the root .cfnlintrc.yaml.
#
#   infra/cfn-lint.sh                           synthesize with the pinned CDK CLI into cdk.out, then lint
#   infra/cfn-lint.sh infra/target/cdk-test.out lint the assembly the infra tests wrote (no synth)
#   infra/cfn-lint.sh -c stage=prod             extra arguments are passed to `cdk synth`
#
# `mvn verify` runs the same check in CfnLintTest.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if ! command -v cfn-lint >/dev/null 2>&1; then
  echo "cfn-lint is not on PATH (pip install cfn-lint)" >&2
  exit 2
fi

if [[ $# -ge 1 && -d "$1" ]]; then
  assembly="$1"
else
  assembly="cdk.out"
  [[ -d node_modules/aws-cdk ]] || npm ci --no-audit --no-fund
  npx --no-install cdk synth --quiet --output "$assembly" "$@" >/dev/null
fi

shopt -s nullglob
templates=("$assembly"/*.template.json)
if [[ ${#templates[@]} -eq 0 ]]; then
  echo "no *.template.json in $assembly" >&2
  exit 2
fi
echo "cfn-lint: ${#templates[@]} templates in $assembly"
cfn-lint --config-file "$root/.cfnlintrc.yaml" -- "${templates[@]}"
echo "cfn-lint: no findings"
