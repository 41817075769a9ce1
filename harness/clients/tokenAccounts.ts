/** An account that holds none of a token (checked on a token found): its transfer reverts. */
export const EMPTY_ACCOUNT = '0x00000000000000000000000000000000000c1ec5'

/** The reason a token reverts a transfer with when the sender holds too little (OpenZeppelin's ERC-20 words). */
export const TRANSFER_REVERT_REASON = 'ERC20: transfer amount exceeds balance'
