// The Hardhat Network that test/nodes/startHardhat.ts runs (tests only): a block a second, as on
// a live network, so the read-only subscription checks have heads to notify.
module.exports = { networks: { hardhat: { mining: { auto: false, interval: 1000 } } } }
