// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A plain ERC-20 (EIP-20) token: the reference node deploys it at genesis for each treasury token,
/// writing name, symbol, decimals, totalSupply and balances straight into storage, so the storage
/// layout below is part of the contract's interface (genesisTokenStorage.ts computes slots from the
/// `storageLayout` recorded in Token.json). The constructor is used only for deployments made
/// by transactions (the deterministic history deploys one).
contract Token {
    string public name; // slot 0
    string public symbol; // slot 1
    uint8 public decimals; // slot 2
    uint256 public totalSupply; // slot 3
    mapping(address => uint256) public balanceOf; // slot 4
    mapping(address => mapping(address => uint256)) public allowance; // slot 5

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply_) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        totalSupply = supply_;
        balanceOf[msg.sender] = supply_;
        emit Transfer(address(0), msg.sender, supply_);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "ERC20: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "ERC20: transfer amount exceeds balance");
        balanceOf[from] = balance - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
