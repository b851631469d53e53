// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title A minimal ERC-721 for the devnet: token i + 1 is minted to owners[i] in the constructor.
contract Collectible {
    string public name;
    string public symbol;
    string public image;
    uint256 public totalSupply;
    mapping(uint256 => address) private _owners;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    /// @param image_ the image URL (or data URI) every token's metadata points at.
    constructor(string memory name_, string memory symbol_, string memory image_, address[] memory owners) {
        name = name_;
        symbol = symbol_;
        image = image_;
        for (uint256 i = 0; i < owners.length; i++) {
            uint256 tokenId = i + 1;
            _owners[tokenId] = owners[i];
            balanceOf[owners[i]] += 1;
            emit Transfer(address(0), owners[i], tokenId);
        }
        totalSupply = owners.length;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address owner = _owners[tokenId];
        require(owner != address(0), "Collectible: nonexistent token");
        return owner;
    }

    /// @notice Metadata as a data URI: {"name": "<name> #<id>", "image": "<image>"}.
    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        return string.concat(
            'data:application/json;utf8,{"name":"', name, " #", _toString(tokenId), '","image":"', image, '"}'
        );
    }

    function approve(address to, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || isApprovedForAll[owner][msg.sender], "Collectible: not allowed");
        getApproved[tokenId] = to;
        emit Approval(owner, to, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        require(ownerOf(tokenId) == from, "Collectible: wrong owner");
        require(to != address(0), "Collectible: transfer to the zero address");
        require(
            msg.sender == from || getApproved[tokenId] == msg.sender || isApprovedForAll[from][msg.sender],
            "Collectible: not allowed"
        );
        delete getApproved[tokenId];
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        transferFrom(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes calldata) external {
        transferFrom(from, to, tokenId);
    }

    function _toString(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory buffer = new bytes(digits);
        for (; value != 0; value /= 10) buffer[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(buffer);
    }
}
